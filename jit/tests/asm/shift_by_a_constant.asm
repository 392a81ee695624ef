function main (asm, 252 bytes)
    00000  jmp 0000000000000053h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: shr
    00013  sar rsi,1
; line 5: print
    00017  mov rax,rsi
    0001a  mov rsi,rax
    0001d  mov ecx,1
    00022  mov rdi,[r15+30h]
    00026  mov rax,ADDR
    00030  push r10
    00032  push r11
    00034  call rax  ; jit_print
    00036  pop r11
    00038  pop r10
    0003a  test rdx,rdx
    0003d  jne 000000000000004Eh
; line 6: ret
    00043  mov eax,0
    00049  mov rsp,rbp
    0004c  pop rbp
    0004d  ret
; unwind to the entry from the interpreter
    0004e  mov rsp,[r15+28h]
    00052  ret
; external entry (from the interpreter)
    00053  push rbp
    00054  mov rbp,rsp
    00057  push rbx
    00058  push r12
    0005a  push r13
    0005c  push r14
    0005e  push r15
    00060  mov r15,ADDR
    0006a  mov [r15+30h],rdi
    00071  push qword ptr [r15+28h]
    00078  mov r14,8
    00082  mov r13,[r15+10h]
    00089  sub r13,[r15]
    00090  lea rax,[0D5h]
    00097  push rax
    00098  mov [r15+28h],rsp
    0009f  sub rsp,8
    000a3  mov rdx,rsi
    000a6  sub rsp,10h
    000ad  mov rsi,[rdx]
    000b4  call 8
    000b9  xor edx,edx
    000bb  lea rsp,[rbp-30h]
    000c2  pop rcx
    000c3  mov [r15+28h],rcx
    000ca  pop r15
    000cc  pop r14
    000ce  pop r13
    000d0  pop r12
    000d2  pop rbx
    000d3  pop rbp
    000d4  ret
    000d5  lea rbp,[rsp+30h]
    000dd  mov edx,1
    000e2  lea rsp,[rbp-30h]
    000e9  pop rcx
    000ea  mov [r15+28h],rcx
    000f1  pop r15
    000f3  pop r14
    000f5  pop r13
    000f7  pop r12
    000f9  pop rbx
    000fa  pop rbp
    000fb  ret

