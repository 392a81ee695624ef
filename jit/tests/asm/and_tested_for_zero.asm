function main (asm, 231 bytes)
    00000  jmp 000000000000003Eh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: and
    00013  test rsi,1
    0001a  jne 000000000000002Bh
; line 6: ret
    00020  mov eax,0
    00026  mov rsp,rbp
    00029  pop rbp
    0002a  ret
; line 8: ret
    0002b  mov eax,1
    00031  mov rsp,rbp
    00034  pop rbp
    00035  ret
; unwind to the entry from the interpreter
    00036  mov rsp,[r15+28h]
    0003d  ret
; external entry (from the interpreter)
    0003e  push rbp
    0003f  mov rbp,rsp
    00042  push rbx
    00043  push r12
    00045  push r13
    00047  push r14
    00049  push r15
    0004b  mov r15,ADDR
    00055  mov [r15+30h],rdi
    0005c  push qword ptr [r15+28h]
    00063  mov r14,8
    0006d  mov r13,[r15+10h]
    00074  sub r13,[r15]
    0007b  lea rax,[0C0h]
    00082  push rax
    00083  mov [r15+28h],rsp
    0008a  sub rsp,8
    0008e  mov rdx,rsi
    00091  sub rsp,10h
    00098  mov rsi,[rdx]
    0009f  call 8
    000a4  xor edx,edx
    000a6  lea rsp,[rbp-30h]
    000ad  pop rcx
    000ae  mov [r15+28h],rcx
    000b5  pop r15
    000b7  pop r14
    000b9  pop r13
    000bb  pop r12
    000bd  pop rbx
    000be  pop rbp
    000bf  ret
    000c0  lea rbp,[rsp+30h]
    000c8  mov edx,1
    000cd  lea rsp,[rbp-30h]
    000d4  pop rcx
    000d5  mov [r15+28h],rcx
    000dc  pop r15
    000de  pop r14
    000e0  pop r13
    000e2  pop r12
    000e4  pop rbx
    000e5  pop rbp
    000e6  ret

