function main (asm, 200 bytes)
    00000  jmp 0000000000000026h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: ret
    00013  mov eax,7
    00019  mov rsp,rbp
    0001c  pop rbp
    0001d  ret
; unwind to the entry from the interpreter
    0001e  mov rsp,[r15+28h]
    00025  ret
; external entry (from the interpreter)
    00026  push rbp
    00027  mov rbp,rsp
    0002a  push rbx
    0002b  push r12
    0002d  push r13
    0002f  push r14
    00031  push r15
    00033  mov r15,ADDR
    0003d  mov [r15+30h],rdi
    00044  push qword ptr [r15+28h]
    0004b  mov r14,8
    00055  mov r13,[r15+10h]
    0005c  sub r13,[r15]
    00063  lea rax,[0A1h]
    0006a  push rax
    0006b  mov [r15+28h],rsp
    00072  sub rsp,8
    00076  mov rdx,rsi
    00079  sub rsp,0
    00080  call 8
    00085  xor edx,edx
    00087  lea rsp,[rbp-30h]
    0008e  pop rcx
    0008f  mov [r15+28h],rcx
    00096  pop r15
    00098  pop r14
    0009a  pop r13
    0009c  pop r12
    0009e  pop rbx
    0009f  pop rbp
    000a0  ret
    000a1  lea rbp,[rsp+30h]
    000a9  mov edx,1
    000ae  lea rsp,[rbp-30h]
    000b5  pop rcx
    000b6  mov [r15+28h],rcx
    000bd  pop r15
    000bf  pop r14
    000c1  pop r13
    000c3  pop r12
    000c5  pop rbx
    000c6  pop rbp
    000c7  ret

