function main (asm, 209 bytes)
    00000  jmp 0000000000000028h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: mul
    00013  lea rdi,[rsi+rsi*4]
; line 5: add
    00018  add rsi,rdi
; line 6: ret
    0001b  mov rax,rsi
    0001e  mov rsp,rbp
    00021  pop rbp
    00022  ret
; unwind to the entry from the interpreter
    00023  mov rsp,[r15+28h]
    00027  ret
; external entry (from the interpreter)
    00028  push rbp
    00029  mov rbp,rsp
    0002c  push rbx
    0002d  push r12
    0002f  push r13
    00031  push r14
    00033  push r15
    00035  mov r15,ADDR
    0003f  mov [r15+30h],rdi
    00046  push qword ptr [r15+28h]
    0004d  mov r14,8
    00057  mov r13,[r15+10h]
    0005e  sub r13,[r15]
    00065  lea rax,[0AAh]
    0006c  push rax
    0006d  mov [r15+28h],rsp
    00074  sub rsp,8
    00078  mov rdx,rsi
    0007b  sub rsp,10h
    00082  mov rsi,[rdx]
    00089  call 8
    0008e  xor edx,edx
    00090  lea rsp,[rbp-30h]
    00097  pop rcx
    00098  mov [r15+28h],rcx
    0009f  pop r15
    000a1  pop r14
    000a3  pop r13
    000a5  pop r12
    000a7  pop rbx
    000a8  pop rbp
    000a9  ret
    000aa  lea rbp,[rsp+30h]
    000b2  mov edx,1
    000b7  lea rsp,[rbp-30h]
    000be  pop rcx
    000bf  mov [r15+28h],rcx
    000c6  pop r15
    000c8  pop r14
    000ca  pop r13
    000cc  pop r12
    000ce  pop rbx
    000cf  pop rbp
    000d0  ret

