function main (asm, 196 bytes)
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
    00033  mov r12,rdi
    00036  mov r15,ADDR
    00040  push qword ptr [r15+28h]
    00047  mov r14,8
    00051  mov r13,[r15+10h]
    00058  sub r13,[r15]
    0005f  lea rax,[9Dh]
    00066  push rax
    00067  mov [r15+28h],rsp
    0006e  sub rsp,8
    00072  mov rdx,rsi
    00075  sub rsp,0
    0007c  call 8
    00081  xor edx,edx
    00083  lea rsp,[rbp-30h]
    0008a  pop rcx
    0008b  mov [r15+28h],rcx
    00092  pop r15
    00094  pop r14
    00096  pop r13
    00098  pop r12
    0009a  pop rbx
    0009b  pop rbp
    0009c  ret
    0009d  lea rbp,[rsp+30h]
    000a5  mov edx,1
    000aa  lea rsp,[rbp-30h]
    000b1  pop rcx
    000b2  mov [r15+28h],rcx
    000b9  pop r15
    000bb  pop r14
    000bd  pop r13
    000bf  pop r12
    000c1  pop rbx
    000c2  pop rbp
    000c3  ret

