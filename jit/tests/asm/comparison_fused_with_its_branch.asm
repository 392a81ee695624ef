function main (asm, 231 bytes)
    00000  jmp 0000000000000037h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: lt
    00013  cmp rsi,rdi
    00016  jl 0000000000000027h
; line 6: ret
    0001c  mov eax,0
    00022  mov rsp,rbp
    00025  pop rbp
    00026  ret
; line 8: ret
    00027  mov eax,1
    0002d  mov rsp,rbp
    00030  pop rbp
    00031  ret
; unwind to the entry from the interpreter
    00032  mov rsp,[r15+28h]
    00036  ret
; external entry (from the interpreter)
    00037  push rbp
    00038  mov rbp,rsp
    0003b  push rbx
    0003c  push r12
    0003e  push r13
    00040  push r14
    00042  push r15
    00044  mov r15,ADDR
    0004e  mov [r15+30h],rdi
    00055  push qword ptr [r15+28h]
    0005c  mov r14,8
    00066  mov r13,[r15+10h]
    0006d  sub r13,[r15]
    00074  lea rax,[0C0h]
    0007b  push rax
    0007c  mov [r15+28h],rsp
    00083  sub rsp,8
    00087  mov rdx,rsi
    0008a  sub rsp,10h
    00091  mov rsi,[rdx]
    00098  mov rdi,[rdx+8]
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

